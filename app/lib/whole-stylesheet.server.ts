// The site's whole stylesheet as the client build emits it (app/ui/whole-stylesheet.ts loads it
// before a client-side navigation to another route: decision 080); the same hashed address here.
import wholeStylesheetHref from "../styles/app.scss?url";

export { wholeStylesheetHref };
