// ESLint's rule set for the project's JavaScript (run by tests/test_static_checks.py): the
// recommended rules, with three choices stated here.
// - A caught error may go unused: `catch (err)` names what the block is about to drop on purpose.
// - A line is at most 160 characters, unless it holds a string: a message for the catalogs stays
//   whole on its line, as the extractor and the translators read it.
// - The widgets run in pages and workers; the Node programs (tests/, bench/, src/trickbook_site/) in Node.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    rules: {
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "max-len": ["error", { code: 160, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true }],
    },
  },
  {
    files: ["widgets/**/*.js", "src/trickbook_site/serve_reload.js"],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  { files: ["**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
];
