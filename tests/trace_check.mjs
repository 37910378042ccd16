// Expands compact traces with the widget's own module (widgets/trace.js).
// Usage: node tests/trace_check.mjs < traces.json   (a JSON list of compact traces)
// Prints a JSON list: for each trace, its steps with every view whole.
import { readFileSync } from "node:fs";
import { expandTrace } from "../widgets/trace.js";

const traces = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(traces.map((trace) => expandTrace(trace))));
