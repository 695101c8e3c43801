// Behind a proxy that ends TLS (deploy/nginx/maktab.conf), a visitor's https://school.example/x
// reaches the app as http://school.example/x. Pages must see the address the visitor used:
// React Router refuses a form's action whose Origin (https://...) is not the request's own origin
// (every form would answer 400 "Bad Request"), and cookies are Secure only on https. A request
// for PUBLIC_URL's host is taken as addressed with PUBLIC_URL's scheme; any other host (a
// developer's 127.0.0.1 while PUBLIC_URL says localhost) is left as it came.

/** The request with PUBLIC_URL's scheme when it names PUBLIC_URL's host. */
export function asAddressed(request: Request, publicUrl: URL): Request {
  const url = new URL(request.url);
  if (url.host !== publicUrl.host || url.protocol === publicUrl.protocol) return request;
  url.protocol = publicUrl.protocol;
  // The body goes on as a stream (a form with a file), read once by the page's action.
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}
