// Stripe.js, loaded from Stripe at run time and only when Stripe keys are configured (test mode
// never adds the script). Just the few calls the card form makes are typed here.

export type StripeCardElement = { mount(target: HTMLElement): void; destroy(): void };

export type StripeConfirmResult = {
  error?: { message?: string; code?: string };
  paymentIntent?: { id: string; status: string };
};

export type StripeClient = {
  elements(options?: { locale?: string }): {
    create(type: "card", options?: Record<string, unknown>): StripeCardElement;
  };
  confirmCardPayment(
    clientSecret: string,
    data: {
      payment_method: {
        card: StripeCardElement;
        billing_details: { name: string; email: string; address: { line1: string } };
      };
    },
  ): Promise<StripeConfirmResult>;
};

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeClient;

export const stripeJsUrl = "https://js.stripe.com/v3";

let loading: Promise<StripeFactory> | undefined;

function loadScript(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = stripeJsUrl;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A Stripe client for this publishable key, in the page's language where Stripe has it. */
export async function loadStripe(publishableKey: string, locale: string): Promise<StripeClient> {
  const factory = await loadScript();
  return factory(publishableKey, { locale: locale === "bn" ? "auto" : locale });
}
