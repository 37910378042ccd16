// The step-through player for worked hands (`figure.tb-hand`), loaded as a module on every page.
//
// Each figure carries the record text and its build-time replay in a JSON island;
// the player (hand-player/) paints from that replay at once and steps through it
// without the engine. The parts:
//   hand-player/state.js     steps, deep links, the card a step is about, Save-Data
//   hand-player/view.js      buttons, the explanation bubble, scroll cues, swipes, copying
//   hand-player/presenter.js full screen, the inert page behind, clicker keys
//   hand-player/player.js    one hand's player: the sticky bar, stepping, the engine's "what if"
//   hand-player/mount.js     finding the hands, deep links, the language chooser's links

import { start } from "./hand-player/mount.js";

export { stepsOf, parseHash, hashFor, cardsOfStep, dataIsPrecious } from "./hand-player/state.js";

start();
