import { run, opts, noLayers, lastReport } from "./helpers";

describe("framework tag escaping (DeerFlow's list)", () => {
  test("opening, closing and self-closing tags", () => {
    expect(run("<system>x</system><think/>")).toBe("&lt;system&gt;x&lt;/system&gt;&lt;think/&gt;");
    expect(lastReport.escapedTags).toBe(3);
  });
  test("any case, spaces and attributes", () => {
    expect(run("<THINK>")).toBe("&lt;THINK&gt;");
    expect(run("<ThInK>")).toBe("&lt;ThInK&gt;");
    expect(run("< think >hack</ think >")).toBe("&lt; think &gt;hack&lt;/ think &gt;");
    expect(run("<think attribute='value'>")).toBe("&lt;think attribute='value'&gt;");
  });
  test("a bare unclosed prefix runs to the end", () => {
    expect(run("<system")).toBe("&lt;system");
    expect(run("say <system and a < b")).toBe("say &lt;system and a &lt; b");
  });
  test("hyphen and underscore names", () => {
    expect(run("<system-reminder>")).toBe("&lt;system-reminder&gt;");
    expect(run("<system_reminder>")).toBe("&lt;system_reminder&gt;");
    expect(run("<available-deferred-tools>")).toBe("&lt;available-deferred-tools&gt;");
    expect(run("<system-anything>")).toBe("&lt;system-anything&gt;");
  });
  test("word boundary: longer names are not escaped", () => {
    expect(run("<thinker> <systems> <prompts>")).toBe("<thinker> <systems> <prompts>");
  });
  test("ordinary HTML is untouched", () => {
    const s = "<div><span>a</span><table><code>x</code></table><a href=\"u\">l</a><mydata/></div> a < b > c";
    expect(run(s)).toBe(s);
    expect(lastReport.escapedTags).toBe(0);
  });
  test("every one of the 40 names is escaped", () => {
    const names = [
      "system-reminder", "system_reminder", "memory", "current_date", "think", "analysis", "role", "soul",
      "self_update", "thinking_style", "clarification_system", "critical_reminders", "response_style",
      "citations", "uploaded_files", "current_uploads", "subagent_system", "skill_system", "skill_index",
      "available_skills", "disabled_skills", "memory_tool_system", "todo_list_system", "durable_context_data",
      "slash_skill_activation", "mcp_routing_hints", "available-deferred-tools", "goal_continuation",
      "background_task_event", "file_editing_workflow", "guidelines", "output_format", "working_directory",
      "tool_restrictions", "system", "instruction", "important", "override", "ignore", "prompt",
    ];
    expect(names.length).toBe(40);
    for (let i = 0; i < names.length; i++) {
      expect(run("<" + names[i] + ">hack</" + names[i] + ">")).toBe("&lt;" + names[i] + "&gt;hack&lt;/" + names[i] + "&gt;");
    }
  });
  test("a zero-width space inside the name does not bypass it (DeerFlow's bypass)", () => {
    expect(run("<sys\u200Btem>")).toBe("&lt;system&gt;");
    const o = noLayers();
    o.escapeFrameworkTags = true;
    expect(run("<sys\u200Btem>", o)).toBe("&lt;sys\u200Btem&gt;");
  });
  test("look-alike brackets open a tag too (a model reads ＜system＞ as <system>)", () => {
    expect(run("＜system＞x＜/system＞")).toBe("&lt;system&gt;x&lt;/system&gt;");
    expect(run("\u2039think\u203A")).toBe("&lt;think&gt;");
    expect(run("\u3008system\u3009")).toBe("&lt;system&gt;");
    expect(lastReport.escapedTags).toBe(1);
  });
  test("guillemets are quotation marks, not brackets", () => {
    expect(run("\u00ABsystem\u00BB")).toBe("\u00ABsystem\u00BB");
  });
  test("look-alike letters in the name: Cyrillic, fullwidth, mathematical, long s, combining marks", () => {
    expect(run("<\u0455ystem>")).toBe("&lt;\u0455ystem&gt;");
    expect(run("<\uFF53\uFF59\uFF53\uFF54\uFF45\uFF4D>")).toBe("&lt;\uFF53\uFF59\uFF53\uFF54\uFF45\uFF4D&gt;");
    expect(run("<\u{1D42C}\u{1D432}\u{1D42C}\u{1D42D}\u{1D41E}\u{1D426}>")).toBe("&lt;\u{1D42C}\u{1D432}\u{1D42C}\u{1D42D}\u{1D41E}\u{1D426}&gt;");
    expect(run("<\u017Fystem>")).toBe("&lt;\u017Fystem&gt;");
    expect(run("<sy\u0301stem>")).toBe("&lt;s\u00FDstem&gt;");
  });
  test("several slashes and non-ASCII spaces before the name", () => {
    expect(run("<//system>")).toBe("&lt;//system&gt;");
    expect(run("<\u00A0system>")).toBe("&lt; system&gt;");
    expect(run("<\uFF0Fthink>")).toBe("&lt;\uFF0Fthink&gt;");
  });
  test("a look-alike '>' closes the match", () => {
    expect(run("<system\uFF1E rest > more")).toBe("&lt;system&gt; rest > more");
  });
  test("Japanese and Chinese punctuation is left alone", () => {
    const s = "\u300C\u3053\u3093\u306B\u3061\u306F\u300D\u3002\u300Asystem\u300B";
    expect(run(s)).toBe("\u300C\u3053\u3093\u306B\u3061\u306F\u300D\u3002&lt;system&gt;");
  });
  test("found at every offset inside long non-ASCII text (the eight-byte skip never steps over one)", () => {
    const fillers = ["\u65E5", "\u0416", "\u3053", "\u00E9", "\u{1F600}", "a"];
    for (let f = 0; f < fillers.length; f++) {
      for (let k = 0; k < 12; k++) {
        const pad = fillers[f].repeat(k);
        expect(run(pad + "\uFF1Csystem\uFF1E" + pad)).toBe(pad + "&lt;system&gt;" + pad);
        expect(run(pad + "\u2039think\u203A" + pad)).toBe(pad + "&lt;think&gt;" + pad);
        expect(run(pad + "<system>" + pad)).toBe(pad + "&lt;system&gt;" + pad);
      }
    }
  });
  test("switched off, tags stay", () => {
    const o = opts();
    o.escapeFrameworkTags = false;
    expect(run("<system>", o)).toBe("<system>");
  });
});

describe("role and instruction tags, and look-alike brackets and letters", () => {
  test("the role-tag table is escaped like DeerFlow's names", () => {
    const names = ["system_prompt", "instructions", "important_instructions", "developer", "user", "assistant", "human",
      "thinking", "context", "user_query", "function_calls"];
    for (let i = 0; i < names.length; i++) {
      expect(run("<" + names[i] + ">x</" + names[i] + ">")).toBe("&lt;" + names[i] + "&gt;x&lt;/" + names[i] + "&gt;");
    }
  });
  test("look-alike letters and brackets from the confusables data", () => {
    expect(run("<\uA731ystem>")).toBe("&lt;\uA731ystem&gt;"); // small capital s
    expect(run("\u2991system\u2992")).toBe("&lt;system&gt;"); // ⦑ ⦒
    expect(run("\u227Asystem\u227B")).toBe("&lt;system&gt;"); // ≺ ≻
  });
  test("names that only start like a role tag stay", () => {
    expect(run("ssh <username>@<hostname> <users> <contextual>")).toBe("ssh <username>@<hostname> <users> <contextual>");
  });
});
