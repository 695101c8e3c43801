// The contact section and the subscribe box: shared by the home page's forms and the server.
import { z } from "zod";
import { email, requiredText } from "./fields";

export const contactInput = z.object({
  name: requiredText("name", 100),
  email: email(),
  message: requiredText("message", 5000, "many"),
});

export const subscribeInput = z.object({ email: email() });

export type ContactInput = z.infer<typeof contactInput>;
export type SubscribeInput = z.infer<typeof subscribeInput>;
