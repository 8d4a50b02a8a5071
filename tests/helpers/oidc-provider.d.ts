// oidc-provider 9 ships no types; the loopback provider (loopback-oidc.ts) uses only its constructor and callback().
declare module "oidc-provider" {
  interface ProviderInstance {
    proxy: boolean;
    callback(): (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;
  }
  const Provider: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance;
  export default Provider;
}
