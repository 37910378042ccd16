// "Print this hand": the page prints only this figure (its deal, tricks, narration, questions and the
// QR code back to it), not the page around it. hand-print.css hides the rest while the page carries
// `tb-print-one` and the figure `tb-printing`; both go once the print dialog closes.

export function printHand(figure) {
  const root = document.documentElement;
  for (const other of document.querySelectorAll(".tb-printing")) other.classList.remove("tb-printing");
  figure.classList.add("tb-printing");
  root.classList.add("tb-print-one");
  const done = () => {
    figure.classList.remove("tb-printing");
    root.classList.remove("tb-print-one");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}
