// sms.net.bd (Alpha SMS), a Bangladeshi bulk SMS gateway many schools use, written from its public
// API documentation (https://sms.net.bd/api), checked against the provider's own client
// (github.com/smsnetbd/sms-net-bd-laravel, src/SMS.php: the same three calls, form fields and
// `error == 0`): every call carries the account's api_key and is answered with JSON
// {error, msg, data}, error 0 meaning success.
//   send     POST {api}/sendsms, form fields api_key, msg, to (8801XXXXXXXXX), sender_id (optional)
//            → data.request_id
//   balance  GET {api}/user/balance/?api_key=  → data.balance ("4,838.8600", taka)
//   report   GET {api}/report/request/{request_id}/?api_key=  → data.recipients[].status
// Error codes the documentation lists: 400 missing or invalid parameter, 403 permission denied,
// 404 not found, 405 authorization required, 409 unknown error, 410 account expired, 411 reseller
// account expired or suspended, 412 invalid schedule, 413 invalid sender id, 414 message empty,
// 415 message too long, 416 no valid number, 417 insufficient balance, 420 content blocked, 421
// only the registered number until the first recharge (the same platform's codes as another
// reseller publishes them, codersys.com/sms-api-documentration). 409 and 417 are tried again later (an
// unknown error at their end; a balance an admin tops up); the others refuse the text for good.
import { type DeliveryReport, outcomeOfFetchError, type SendOutcome, type SmsGateway } from "./gateway";

type Answer = { error?: unknown; msg?: unknown; data?: Record<string, unknown> };

const retried = new Set([409, 417]);

async function answerOf(response: Response): Promise<Answer | null> {
  const body = (await response.json().catch(() => null)) as unknown;
  return body && typeof body === "object" ? (body as Answer) : null;
}

/** The number as the gateway writes it: 8801XXXXXXXXX, without the plus. */
const gatewayNumber = (to: string) => to.replace(/^\+/, "");

/** A recipient's status in a report, as our states. */
function reportedState(status: string): DeliveryReport {
  if (/deliver/i.test(status) && !/undeliver/i.test(status)) return { state: "delivered", reason: null };
  if (/fail|reject|undeliver|expire|block/i.test(status))
    return { state: "failed", reason: status.slice(0, 200) };
  return { state: "sent", reason: null };
}

export function createSmsNetBdGateway(config: {
  apiKey: string;
  senderId?: string;
  apiUrl: string;
}): SmsGateway {
  const get = (pathname: string) => {
    const url = new URL(`${config.apiUrl}${pathname}`);
    url.searchParams.set("api_key", config.apiKey);
    return fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  };
  return {
    name: "sms.net.bd",
    async send({ to, text }): Promise<SendOutcome> {
      const form = new URLSearchParams({ api_key: config.apiKey, msg: text, to: gatewayNumber(to) });
      if (config.senderId) form.set("sender_id", config.senderId);
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}/sendsms`, {
          method: "POST",
          headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        return outcomeOfFetchError(error);
      }
      const answer = await answerOf(response);
      if (response.status >= 500 || response.status === 429) {
        return { kind: "temporary", reason: `the gateway answered ${response.status}` };
      }
      if (!answer) return { kind: "unknown", reason: `an answer that is not JSON (${response.status})` };
      const code = Number(answer.error);
      const message = typeof answer.msg === "string" ? answer.msg.slice(0, 200) : "";
      if (code === 0) {
        const id = answer.data?.request_id;
        return { kind: "sent", gatewayId: id === undefined || id === null ? null : String(id) };
      }
      const reason = `${code}${message ? `: ${message}` : ""}`;
      return retried.has(code) ? { kind: "temporary", reason } : { kind: "permanent", reason };
    },
    async balance() {
      try {
        const answer = await answerOf(await get("/user/balance/"));
        const balance = answer && Number(answer.error) === 0 ? answer.data?.balance : undefined;
        return balance === undefined || balance === null ? null : String(balance);
      } catch {
        return null;
      }
    },
    async report(gatewayId) {
      const answer = await answerOf(await get(`/report/request/${encodeURIComponent(gatewayId)}/`));
      if (!answer || Number(answer.error) !== 0) return null;
      const recipients = answer.data?.recipients;
      const first = Array.isArray(recipients)
        ? (recipients[0] as { status?: unknown } | undefined)
        : undefined;
      return typeof first?.status === "string" ? reportedState(first.status) : null;
    },
  };
}
