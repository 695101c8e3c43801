// Registers the service worker (public/sw.js) once the page has loaded, and tells it when the
// reader signs out, so that their offline copies go at once (docs/offline-and-dates.md).
if ("serviceWorker" in navigator) {
  const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
  addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && new URL(form.action, location.href).pathname === "/logout") {
      navigator.serviceWorker.controller?.postMessage("signed-out");
    }
  });
}
