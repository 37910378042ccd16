// What the widgets use of the page that TypeScript's DOM library does not declare.

/** The Network Information API, where the browser has it (Chromium): the widgets only read these. */
interface NetworkInformation {
  readonly effectiveType?: string;
  readonly saveData?: boolean;
}

interface Navigator {
  readonly connection?: NetworkInformation;
}

/** MkDocs Material's page observable (instant navigation): each page shown, once loaded. */
interface Window {
  document$?: { subscribe(next: (document: Document) => void): unknown };
}
