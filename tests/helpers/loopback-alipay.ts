// Alipay on loopback (docs/billing.md "Alipay"), for jest and Playwright:
//  - key pairs made here (crypto.generateKeyPairSync, PKCS#8 PEM): the app's (we sign
//    page-pay URLs) and "Alipay's" (it signs notifies; the server verifies with its public half);
//  - notifications signed the way Alipay signs them: drop sign and sign_type, sort the
//    keys, join k=v with &, RSA-SHA256, base64;
//  - a "gateway" that checks the app's signature on the page-pay URL and sends the
//    browser back to return_url with the order number, as the cashier does after paying.
import { createSign, createVerify, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { listenOn } from "./ports";

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return { privateKey, publicKey };
}

function signingString(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
}

/** The params with sign and sign_type, signed with the given private key as Alipay signs. */
export function signLikeAlipay(params: Record<string, string>, privateKey: string): Record<string, string> {
  const sign = createSign("RSA-SHA256").update(signingString(params), "utf8").sign(privateKey, "base64");
  return { ...params, sign, sign_type: "RSA2" };
}

/** The app's signature on a page-pay request (all params but sign, sign_type included). */
export function verifyAppSignature(params: Record<string, string>, publicKey: string): boolean {
  const str = Object.keys(params)
    .filter((k) => k !== "sign" && params[k] !== "")
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join("&");
  return createVerify("RSA-SHA256").update(str, "utf8").verify(publicKey, params.sign ?? "", "base64");
}

export interface PagePayRequest {
  params: Record<string, string>;
  bizContent: { out_trade_no: string; total_amount: string; subject: string; product_code: string };
}

/** Parses a page-pay URL made by alipay-sdk's pageExecute(..., "GET", ...). */
export function parsePagePayUrl(url: string): PagePayRequest {
  const params = Object.fromEntries(new URL(url).searchParams);
  return { params, bizContent: JSON.parse(params.biz_content ?? "{}") as PagePayRequest["bizContent"] };
}

/** A trade-success notification for an order, signed with "Alipay's" key. */
export function paidNotify(opts: { appId: string; outTradeNo: string; totalAmount: string; tradeNo: string; privateKey: string; status?: string }): Record<string, string> {
  return signLikeAlipay(
    {
      notify_type: "trade_status_sync",
      notify_id: `n${opts.tradeNo}`,
      notify_time: "2026-11-25 09:00:00",
      charset: "utf-8",
      version: "1.0",
      app_id: opts.appId,
      out_trade_no: opts.outTradeNo,
      trade_no: opts.tradeNo,
      total_amount: opts.totalAmount,
      trade_status: opts.status ?? "TRADE_SUCCESS",
      subject: "Tingji",
    },
    opts.privateKey,
  );
}

/** A trade as alipay.trade.query reports it. */
export interface GatewayTrade {
  trade_no: string;
  trade_status: string;
  total_amount: string;
}

export interface LoopbackAlipay {
  url: string;
  /** Page-pay requests seen, with whether the app's signature held. */
  seen: (PagePayRequest & { signed: boolean })[];
  /** Trades by out_trade_no, answered by alipay.trade.query (set them as the cashier would). */
  trades: Map<string, GatewayTrade>;
  /** alipay.trade.query requests seen (their params), with whether the app's signature held. */
  queries: { params: Record<string, string>; signed: boolean }[];
  close: () => Promise<void>;
}

/**
 * An OpenAPI answer as Alipay sends it: {"<method>_response": {...}, "sign": "..."}, the
 * signature over the exact JSON text of the inner object (RSA-SHA256, base64).
 */
export function signedAnswer(method: string, inner: Record<string, string>, privateKey: string): string {
  const text = JSON.stringify(inner);
  const sign = createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64");
  return `{"${method.replaceAll(".", "_")}_response":${text},"sign":"${sign}"}`;
}

function tradeQueryAnswer(outTradeNo: string, trade: GatewayTrade | undefined): Record<string, string> {
  if (!trade) return { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在", out_trade_no: outTradeNo };
  return { code: "10000", msg: "Success", out_trade_no: outTradeNo, ...trade, buyer_logon_id: "tes***@example.com", send_pay_date: "2026-11-25 09:00:00" };
}

/**
 * GET /gateway.do: checks the app's signature, then redirects to return_url as the cashier does after paying.
 * POST /gateway.do (alipay-sdk exec): alipay.trade.query from `trades`, signed with `alipayPrivateKey`.
 */
export async function startLoopbackAlipay(port: number, appPublicKey: string, alipayPrivateKey?: string): Promise<LoopbackAlipay> {
  const seen: LoopbackAlipay["seen"] = [];
  const trades = new Map<string, GatewayTrade>();
  const queries: LoopbackAlipay["queries"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/gateway.do") {
      res.writeHead(404).end();
      return;
    }
    if (req.method === "POST") {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
        const signed = verifyAppSignature(params, appPublicKey);
        queries.push({ params, signed });
        const method = params.method ?? "";
        if (!signed || method !== "alipay.trade.query" || !alipayPrivateKey) {
          const error = { code: "40002", msg: "Invalid Arguments", sub_code: signed ? "isv.invalid-method" : "isv.invalid-signature" };
          res.writeHead(200, { "content-type": "application/json;charset=utf-8" }).end(JSON.stringify({ error_response: error }));
          return;
        }
        const outTradeNo = (JSON.parse(params.biz_content ?? "{}") as { out_trade_no?: string }).out_trade_no ?? "";
        const answer = signedAnswer(method, tradeQueryAnswer(outTradeNo, trades.get(outTradeNo)), alipayPrivateKey);
        res.writeHead(200, { "content-type": "application/json;charset=utf-8" }).end(answer);
      });
      return;
    }
    const request = parsePagePayUrl(url.href);
    const signed = verifyAppSignature(request.params, appPublicKey);
    seen.push({ ...request, signed });
    if (!signed || !request.params.return_url) {
      res.writeHead(400, { "content-type": "text/plain" }).end("invalid-signature");
      return;
    }
    const back = new URL(request.params.return_url);
    back.searchParams.set("out_trade_no", request.bizContent.out_trade_no);
    back.searchParams.set("total_amount", request.bizContent.total_amount);
    back.searchParams.set("app_id", request.params.app_id ?? "");
    back.searchParams.set("method", "alipay.trade.page.pay.return");
    res.writeHead(302, { location: back.href }).end();
  });
  await listenOn(server, port);
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    seen,
    trades,
    queries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
