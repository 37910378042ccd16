// The play table's one sound: a short click as a card lands, made only when the reader turned sound on (M).

/** A 50 ms click at 1.8 kHz on `ctx`, fading out. */
export function cardClick(ctx) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = 1800;
  gain.gain.setValueAtTime(0.15, ctx.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.04);
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  osc.stop(ctx.currentTime + 0.05);
}
