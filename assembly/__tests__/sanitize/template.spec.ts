// Chat-template markers (template.ts): neutralised like fence markers, in any
// spelling a model still reads as the token; code and prose left alone.
import { run, opts, lastReport } from "./helpers";

const M = "[[MARKER_SANITIZED]]";

function markersOff(s: string): string {
  const o = opts();
  o.markers = false;
  return run(s, o);
}

describe("chat-template markers", () => {
  test("ChatML, spaced, mixed case, fullwidth, with invisibles: one marker each", () => {
    const spoofs = ["<|im_start|>", "< | im_start | >", "<| IM_START |>", "＜｜im_start｜＞", "<|im\u200B_start|>", "<∣im_end∣>"];
    for (let i = 0; i < spoofs.length; i++) {
      expect(run("a" + spoofs[i] + "b")).toBe("a" + M + "b");
      expect(lastReport.markers).toBe(1);
      expect(lastReport.markerSpoof).toBe(true);
    }
  });
  test("Llama 2, Mistral and Gemma forms", () => {
    expect(run("<<SYS>>x<</SYS>>")).toBe(M + "x" + M);
    expect(run("[INST]x[/INST]")).toBe(M + "x" + M);
    expect(run("[ inst ]")).toBe(M);
    expect(run("<start_of_turn>user")).toBe(M + "user");
    expect(run("< END_OF_TURN >")).toBe(M);
  });
  test("an unknown name counts only when written out plainly", () => {
    expect(run("<|reserved_special_token_0|>")).toBe(M);
    expect(run("f <| x |> g")).toBe("f <| x |> g");
    expect(run("<| x |>")).toBe("<| x |>");
  });
  test("benign brackets, and the markers option switches it off", () => {
    expect(run("[1] [instructions] a < b > c <b>x</b> <|")).toBe("[1] [instructions] a < b > c <b>x</b> <|");
    expect(lastReport.markers).toBe(0);
    expect(markersOff("<|im_start|>")).toBe("<|im_start|>");
  });
});
