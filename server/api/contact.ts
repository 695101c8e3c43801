// The contact section and the subscribe box, as REST calls.
import { contactInput, subscribeInput } from "../../common/schemas/contact";
import { sendContactMessage } from "../domain/contact";
import { RateLimitError } from "../domain/rate-limit";
import { subscribe } from "../domain/subscribers";
import { Answer, endpoint } from "./endpoint";
import { type ErrorBody, errorBody } from "./errors";
import { inserted, subscribed } from "./wire-schemas";

/** A refused request says when to try again. */
async function withRetryAfter(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    const body: ErrorBody = errorBody(error.code, error.problem);
    return new Answer(body, { "Retry-After": String(error.retryAfterSeconds) }, 429);
  }
}

export const contactEndpoints = [
  endpoint({
    method: "POST",
    paths: ["/contact"],
    summary: "Send a message to the institute (a few per client address every 10 minutes)",
    tag: "Contact",
    access: "anyone",
    body: contactInput,
    status: 201,
    response: inserted,
    responseHeaders: ["Location"],
    rateLimited: true,
    handle: ({ services, body, client }) =>
      withRetryAfter(async () => {
        const answer = await sendContactMessage(services.db, body, { client });
        // Where the office reads it (admins only).
        return new Answer(answer, { Location: `/api/inbox/${answer.insertedId}` });
      }),
  }),
  endpoint({
    method: "POST",
    paths: ["/subscribe"],
    summary: "Subscribe an e-mail to the news (201 when added, 200 when it was already on the list)",
    tag: "Contact",
    access: "anyone",
    body: subscribeInput,
    status: 201,
    response: subscribed,
    responses: { "200": { description: "The address was already on the list", schema: subscribed } },
    rateLimited: true,
    handle: ({ services, body, client }) =>
      withRetryAfter(async () => {
        const answer = await subscribe(services.db, body, { client });
        return answer.alreadySubscribed ? new Answer(answer, {}, 200) : answer;
      }),
  }),
];
