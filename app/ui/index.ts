// The public site's components: plain React and one stylesheet (ui.css), so pages stay light.
// The dashboard uses Mantine instead, loaded only there.
export { Alert } from "./alert";
export { Button, ButtonLink } from "./button";
export { Carousel } from "./carousel";
export { ConfirmDialog } from "./confirm-dialog";
export { FileField, PasswordField, SelectField, TextArea, TextField } from "./field";
export { Pagination } from "./pagination";
export { type ImageView, Picture } from "./picture";
