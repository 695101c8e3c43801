// A one-time banner's close button on a page without React (decision 0059): it hides the banner.
for (const button of document.querySelectorAll("[data-testid=flash] .alert__close")) {
  button.addEventListener("click", () => {
    const banner = button.closest("[data-testid=flash]");
    (banner?.parentElement ?? banner)?.remove();
  });
}
