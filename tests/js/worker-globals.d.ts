// What the workers use that TypeScript's worker library does not declare.

/** The Network Information API, where the browser has it (Chromium): the worker only reads these. */
interface NetworkInformation {
  readonly effectiveType?: string;
  readonly saveData?: boolean;
}

interface WorkerNavigator {
  readonly connection?: NetworkInformation;
}

/** Filled in by `trickbook publish` when it writes the service worker (widgets/offline/sw.js). */
declare const __FILES__: Record<string, Record<string, string>>;
