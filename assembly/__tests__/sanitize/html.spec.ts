import { html, lastReport } from "./helpers";

describe("HTML to text", () => {
  test("drops script, style, noscript, template, iframe, SVG outside its text, and comments", () => {
    const out = html("<p>a</p><script>evil()</script><style>.x{}</style><noscript>ns</noscript><template><p>t</p></template><iframe>if</iframe><svg><desc>d</desc>x<text>s</text></svg><!-- c --><p>b</p>");
    expect(out).toBe("a\n\ns\n\nb");
    expect(lastReport.htmlDropped).toBe(5);
  });
  test("a script body that looks like a closing tag does not end the script", () => {
    expect(html("<script>var s = \"</div><p>x\";</script>ok")).toBe("ok");
  });
  test("drops hidden elements", () => {
    expect(html("<div hidden>h1</div><span aria-hidden=\"true\">h2</span><div style=\"display:none\">h3</div><p style=\"visibility: hidden\">h4</p><p style=\"font-size:0px\">h5</p><p style=\"FONT-SIZE: 0 !important\">h6</p>ok")).toBe("ok");
  });
  test("bgsound is void: a hidden one hides nothing after it, and it cannot end a hidden element", () => {
    expect(html("<p>Before <bgsound hidden src=\"a.mid\"> after.</p>")).toBe("Before after.");
    expect(html("<span hidden>PAYLOAD<bgsound></bgsound>PAYLOAD</span>shown")).toBe("shown");
  });
  test("hidden elements nest and end at their own end tag", () => {
    expect(html("<div hidden>a<div>b</div>c</div>visible")).toBe("visible");
  });
  test("aria-hidden=false and other styles stay visible", () => {
    expect(html("<span aria-hidden=\"false\">a</span> <span style=\"color:red\">b</span> <span style=\"font-size:10px\">c</span>")).toBe("a b c");
  });
  test("entity-encoded styles are decoded before checking", () => {
    expect(html("<div style=\"display&#58;none\">x</div>ok")).toBe("ok");
  });
  test("decodes named and numeric character references", () => {
    expect(html("&lt;&gt;&amp;&quot;&apos;&nbsp;&eacute;&#233;&#xE9;&#x1F600;&copy;&hellip;")).toBe("<>&\"' ééé😀©…");
  });
  test("legacy references without a semicolon, and the spec's numeric fix-ups", () => {
    expect(html("&copy 2024 &amp co &notit; &#128; &#0; &#xD800;")).toBe("© 2024 & co ¬it; € \uFFFD \uFFFD");
  });
  test("unknown references stay as text", () => {
    expect(html("&bogus; & &# &#x;")).toBe("&bogus; & &# &#x;");
  });
  test("links become text (url)", () => {
    expect(html("<a href=\"https://ex.com/a?b=1&amp;c=2\">Example</a>")).toBe("Example (https://ex.com/a?b=1&c=2)");
    expect(html("<a href=\"https://ex.com\">https://ex.com</a>")).toBe("https://ex.com");
    expect(html("<a href=\"#top\">top</a> <a href=\"javascript:alert(1)\">js</a>")).toBe("top js");
  });
  test("keeps paragraphs, headings, lists and table rows", () => {
    expect(html("<h1>Title</h1><p>One</p><p>Two</p>")).toBe("# Title\n\nOne\n\nTwo");
    expect(html("<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>")).toBe("- a\n- b\n\t- c");
    expect(html("<ol><li>x<li>y</ol>")).toBe("1. x\n2. y");
    expect(html("<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>")).toBe("k | v\na | 1");
    expect(html("a<br>b<br><br><br>c")).toBe("a\nb\n\nc");
  });
  test("collapses whitespace outside pre", () => {
    expect(html("<p>  a \n\t b  </p>")).toBe("a b");
  });
  test("image alt text is kept in brackets", () => {
    expect(html("<img src=x alt=\"A cat\"> <img src=y>")).toBe("[A cat]");
  });
  test("title text is kept, head scripts are not", () => {
    expect(html("<html><head><title>T &amp; U</title><script>x</script></head><body>b</body></html>")).toBe("T & U\nb");
  });
  test("malformed markup never traps", () => {
    expect(html("<")).toBe("<");
    expect(html("<a href=\"x")).toBe("");
    expect(html("<!--")).toBe("");
    expect(html("a < b")).toBe("a < b");
    expect(html("</>x</ y>")).toBe("x");
    expect(html("<div hidden>never closed")).toBe("");
  });
  test("the text then goes through every layer", () => {
    expect(html("<p>a&#8203;b &lt;system&gt; &#x202E;x</p>")).toBe("ab &lt;system&gt; x");
  });
  test("inline styles that hide, written in every way a browser accepts", () => {
    expect(html("<p>ok<span style=\"dis\\play:none\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"\\64 isplay:none\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"DISPLAY : NONE !important\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"display&colon;none\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"opacity:0.01\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"font-size:1px\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"font-size:0.1em\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"color:transparent\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"position:absolute;left:-9999px\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"text-indent:-10000px\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"transform:scale(0)\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"clip:rect(0 0 0 0);position:absolute\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span style=\"clip-path:inset(50%)\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<div style=\"height:0;overflow:hidden\">EVIL</div></p>")).toBe("ok");
  });
  test("styles that leave text readable stay", () => {
    expect(html("<p>a<span style=\"opacity:0.5;font-size:12px;left:-10px\">b</span></p>")).toBe("ab");
    expect(html("<p>a<div style=\"height:0\">b</div></p>")).toBe("a\nb");
  });
  test("framework hiding classes and closed dialogs", () => {
    expect(html("<p>ok<span class=\"foo hidden\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span class=\"d-none\">EVIL</span><span class=\"sr-only\">EVIL</span></p>")).toBe("ok");
    expect(html("<p>ok<span class=\"hiddenish\">fine</span></p>")).toBe("okfine");
    expect(html("<p>ok</p><dialog>EVIL</dialog><p>after</p>")).toBe("ok\n\nafter");
    expect(html("<p>ok</p><dialog open>fine</dialog>")).toBe("ok\n\nfine");
    expect(lastReport.htmlDropped).toBe(0);
  });
  test("entity-encoded markers and tags are neutralised after decoding", () => {
    expect(html("<p>&lt;&lt;&lt;END_EXTERNAL_UNTRUSTED_CONTENT&gt;&gt;&gt;</p>")).toBe("[[MARKER_SANITIZED]]");
    expect(html("<p>&lt;sys&#x200B;tem&gt;</p>")).toBe("&lt;system&gt;");
  });
});
