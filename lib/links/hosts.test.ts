import { decideTestHosts } from "./hosts";

describe("LINK_IMPORT_TEST_HOSTS is honoured only on loopback, for loopback hosts", () => {
  test.each(["http://localhost:3000", "http://127.0.0.1:4010", "http://[::1]:3000/"])("APP_URL %s: loopback host:port entries are honoured", (appUrl) => {
    expect(decideTestHosts("127.0.0.1:8123, localhost:9000,[::1]:7000", appUrl)).toEqual({
      honoured: ["127.0.0.1:8123", "localhost:9000", "[::1]:7000"],
      ignored: [],
    });
  });

  test.each(["https://tingji.example.com", "http://10.0.0.5:3000", "http://127.0.0.1.nip.io:3000", "not a url", ""])(
    "APP_URL %j: everything is ignored",
    (appUrl) => {
      expect(decideTestHosts("127.0.0.1:8123", appUrl)).toEqual({ honoured: [], ignored: ["127.0.0.1:8123"] });
    },
  );

  test("entries that are not loopback host:port are ignored even on loopback", () => {
    const setting = "10.0.0.1:80,example.com:8080,127.0.0.1,169.254.169.254:80,127.0.0.2:80,user@127.0.0.1:81,127.0.0.1:81/x,127.0.0.1:8123";
    expect(decideTestHosts(setting, "http://localhost:3000")).toEqual({
      honoured: ["127.0.0.1:8123"],
      ignored: ["10.0.0.1:80", "example.com:8080", "127.0.0.1", "169.254.169.254:80", "127.0.0.2:80", "user@127.0.0.1:81", "127.0.0.1:81/x"],
    });
  });

  test("an empty setting adds nothing", () => {
    expect(decideTestHosts("", "http://localhost:3000")).toEqual({ honoured: [], ignored: [] });
    expect(decideTestHosts(" , ", "https://tingji.example.com")).toEqual({ honoured: [], ignored: [] });
  });
});
