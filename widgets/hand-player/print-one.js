// "Print this hand": the page prints only this figure (its deal, tricks, narration, questions and the
// QR code back to it) and its questions' answers, on a page of their own at the end, not the page
// around them. hand-print.css hides the rest while the page carries `tb-print-one` and the figure and
// its answers `tb-printing`; they go once the print dialog closes.

export function printHand(figure) {
  const root = document.documentElement;
  for (const other of document.querySelectorAll(".tb-printing")) other.classList.remove("tb-printing");
  // The answers the build moved to the end of the page (trickbook_site/question_print.py), this hand's only.
  const answers = [...document.querySelectorAll(".tb-answers-print")]
    .filter((node) => node instanceof HTMLElement && node.dataset.hand === figure.dataset.handId);
  const printing = [figure, ...answers];
  for (const node of printing) node.classList.add("tb-printing");
  root.classList.add("tb-print-one");
  const done = () => {
    for (const node of printing) node.classList.remove("tb-printing");
    root.classList.remove("tb-print-one");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}
