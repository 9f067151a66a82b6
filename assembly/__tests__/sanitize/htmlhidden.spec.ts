// Hidden HTML that must not reach the model, and visible HTML that must (html.ts, htmltree.ts,
// css.ts, cssvalues.ts). Each hidden case carries an X that must be gone.
import { html, lastReport } from "./helpers";

function hides(markup: string): void {
  const out = html(markup + "ok");
  expect(out).toBe("ok");
}

describe("hidden regions end where a browser ends them", () => {
  test("a nested list item does not close a hidden one", () => {
    hides("<ul><li hidden>a<ul><li>X</li></ul>X</li></ul>");
    hides("<ol><li style=display:none>a<ol><li>X<li>X</ol>X</li></ol>");
  });
  test("nested tables, rows and definition lists", () => {
    hides("<table><tr><td hidden>a<table><tr><td>X</td></tr></table>X</td></tr></table>");
    hides("<table><tr hidden><td>a<table><tr><td>X</td></tr></table>X</td></tr></table>");
    hides("<dl><dd hidden>a<dl><dd>X</dd><dt>X</dl>X</dd></dl>");
  });
  test("textarea and title inside a hidden element are raw text", () => {
    hides("<div hidden><textarea></div>X</textarea>X</div>");
    hides("<div hidden><title></div>X</title>X</div>");
  });
  test("long tag names are compared whole", () => {
    const a = "a".repeat(40);
    hides("<" + a + "b hidden>x</" + a + "c>X</" + a + "b>");
    hides("<" + a + "b hidden><i></" + a + "c>X</i>X</" + a + "b>");
  });
  test("names that differ in any byte of the first sixteen, or only past them, are told apart", () => {
    // Up to 16 bytes a name is kept packed in two words; past that it is compared in full.
    const base = "x-abcdefghijklmnopqrst";
    for (let len = 1; len <= 20; len++) {
      for (let k = 0; k < len; k++) {
        const name = base.substring(0, len);
        const other = name.substring(0, k) + "Z" + name.substring(k + 1);
        hides("<" + name + " hidden>a</" + other + ">X</" + name.toUpperCase() + ">");
        hides("<" + name + " hidden>a</" + name + "z>X</" + name + ">");
      }
    }
  });
  test("an end tag for an element that is not open closes nothing", () => {
    hides("<div hidden><span></b></i>X</span>X</div>");
    hides("<span hidden><div></span>X</div>X</span>");
  });
  test("implied end tags still close what the standard closes", () => {
    expect(html("<p hidden>a<p>shown")).toBe("shown");
    expect(html("<ul><li hidden>a<li>shown</ul>")).toBe("- shown");
    expect(html("<table><tr><td>a<td>b<tr><td>c</table>")).toBe("a | b\nc");
  });
});

describe("hiding CSS", () => {
  test("font shorthand, calc() and exponents", () => {
    hides("<span style='font:0/0 a'>X</span>");
    hides("<span style='font: 700 0px serif'>X</span>");
    hides("<span style='font-size:calc(0px)'>X</span>");
    hides("<span style='font-size:1e-3px'>X</span>");
    expect(html("<span style='font: 700 14px/1.2 serif'>shown</span>")).toBe("shown");
  });
  test("opacity and transparent colours", () => {
    hides("<span style='opacity:1e-3'>X</span>");
    hides("<span style='opacity:calc(0)'>X</span>");
    hides("<span style='filter:blur(1px) opacity(0)'>X</span>");
    hides("<span style='color:rgba(0,0,0,0)'>X</span>");
    hides("<span style='color:#0000'>X</span>");
    hides("<span style='color:#ffffff00'>X</span>");
    hides("<span style='color:hsl(0 0% 0% / 0)'>X</span>");
    hides("<span style='-webkit-text-fill-color:transparent'>X</span>");
    expect(html("<span style='color:rgba(0,0,0,0.8)'>shown</span> <span style='color:#000f'>too</span>")).toBe("shown too");
  });
  test("scaled, rotated edge-on or moved off screen", () => {
    hides("<span style='transform:scale(0.0)'>X</span>");
    hides("<span style='transform:scaleX(0)'>X</span>");
    hides("<span style='scale:0'>X</span>");
    hides("<span style='transform:rotateY(90deg)'>X</span>");
    hides("<span style='transform:matrix(0,0,0,0,0,0)'>X</span>");
    hides("<span style='transform:translateX(-9999px)'>X</span>");
    hides("<span style='position:absolute;left:-99em'>X</span>");
    hides("<span style='position:fixed;top:-100vh'>X</span>");
    hides("<span style='margin:-9999px 0 0'>X</span>");
    hides("<span style='margin-left:-600px'>X</span>");
    hides("<span style='position:absolute;inset:-9999px auto auto -9999px'>X</span>");
    expect(html("<div style='position:absolute;left:50%;transform:translateX(-50%) rotate(45deg)'>shown</div>")).toBe("shown");
  });
  test("clipped away", () => {
    hides("<span style='clip-path:inset(100%)'>X</span>");
    hides("<span style='clip-path:polygon(0 0, 0 0, 0 0)'>X</span>");
    hides("<span style='clip-path:polygon(0 0, 50% 50%, 100% 100%)'>X</span>");
    hides("<span style='width:1px;height:1px;overflow:hidden'>X</span>");
    hides("<span style='text-indent:100%;overflow:hidden;white-space:nowrap'>X</span>");
    hides("<span style='content-visibility:hidden'>X</span>");
    hides("<span style='display:var(--h)'>X</span>");
    expect(html("<span style='clip-path:polygon(0 0, 100% 0, 0 100%)'>shown</span>")).toBe("shown");
  });
  test("visibility:visible inside visibility:hidden shows again; inside display:none it does not", () => {
    expect(html("<div style='visibility:hidden'>X<span style='visibility:visible'>shown</span>X</div>")).toBe("shown");
    hides("<div style='display:none'><span style='visibility:visible'>X</span></div>");
  });
});

describe("content browsers never render, and hiding classes", () => {
  test("popover, canvas, video, audio, datalist, rp", () => {
    hides("<div popover>X</div>");
    hides("<canvas>X</canvas><video>X<p>X</p></video><audio>X</audio>");
    hides("<datalist><option>X</datalist>");
    expect(html("<ruby>\u6F22<rp>(X)</rp><rt>kan</rt></ruby>")).toBe("\u6F22kan");
    expect(lastReport.htmlDropped).toBe(1);
  });
  test("framework classes", () => {
    hides("<div class='visuallyhidden'>X</div>");
    hides("<div class='collapse'>X</div>");
    hides("<i class=is-invisible>X</i><i class=show-for-sr>X</i><i class='a opacity-0'>X</i><i class=element-invisible>X</i>");
    expect(html("<div class='collapse show'>shown</div>")).toBe("shown");
  });
  test("SVG text and xmp stay", () => {
    expect(html("<svg><text>chart <tspan>label</tspan></text><desc>X</desc><defs><text>X</text></defs></svg>")).toBe("chart label");
    expect(html("<xmp><b>code</b></xmp>")).toBe("<b>code</b>");
  });
});

describe("SVG presentation attributes and boxes", () => {
  test("display, visibility, opacity, font-size and transform written as attributes", () => {
    hides("<svg><text display='none'>X</text></svg>");
    hides("<svg><g visibility='hidden'><text>X</text></g></svg>");
    hides("<svg><text visibility='collapse'>X</text></svg>");
    hides("<svg><text opacity='0'>X</text></svg>");
    hides("<svg><text font-size='0'>X</text></svg>");
    hides("<svg><text transform='scale(0)'>X</text></svg>");
    hides("<svg><text transform='translate(-9999)'>X</text></svg>");
    hides("<svg><text DISPLAY='&#110;one'>X</text></svg>");
    expect(html("<svg><g visibility='hidden'><text visibility='visible'>shown</text>X</g></svg>")).toBe("shown");
  });
  test("text that paints nothing: no fill and no stroke that shows", () => {
    hides("<svg><text fill='transparent'>X</text></svg>");
    hides("<svg><text fill='none'>X</text></svg>");
    hides("<svg><text fill='rgba(0,0,0,0)'>X</text></svg>");
    hides("<svg><text fill-opacity='0'>X</text></svg>");
    hides("<svg><g fill-opacity='0'><text fill='black'>X</text></g></svg>");
    hides("<svg><text style='fill:none'>X</text></svg>");
    hides("<svg><text fill='none' stroke='black' stroke-width='0'>X</text></svg>");
    hides("<svg><text fill='none' stroke='black' stroke-opacity='0'>X</text></svg>");
    hides("<svg><g stroke-width='0'><text fill='none' stroke='black'>X</text></g></svg>");
    hides("<div style='fill:none'><svg><text>X</text></svg></div>");
    hides("<svg><text fill='black' style='fill:transparent'>X</text></svg>");
  });
  test("text whose fill or stroke shows stays", () => {
    expect(html("<svg><text>label</text></svg>")).toBe("label");
    expect(html("<svg fill='none' stroke='currentColor'><text>icon</text></svg>")).toBe("icon");
    expect(html("<svg><g fill='none'><text fill='black'>child</text></g></svg>")).toBe("child");
    expect(html("<svg><text fill='none'><tspan fill='#000'>span</tspan></text></svg>")).toBe("span");
    expect(html("<svg><text fill-opacity='0.5' fill='red'>half</text></svg>")).toBe("half");
    expect(html("<svg><text fill='transparent' style='fill:black'>styled</text></svg>")).toBe("styled");
    expect(html("<div fill='none' display='none'>html</div>")).toBe("html");
  });
  test("an svg or foreignObject box of no size", () => {
    hides("<svg width='0' height='0'><text>X</text></svg>");
    hides("<svg width='0'><text>X</text></svg>");
    hides("<svg height='0' style='overflow:visible'><text>X</text></svg>");
    hides("<svg style='width:0'><text>X</text></svg>");
    hides("<svg width='300' height='40'><svg width='0'><text>X</text></svg></svg>");
    hides("<svg><foreignObject><p>X</p></foreignObject></svg>");
    hides("<svg><foreignObject width='100'><p>X</p></foreignObject></svg>");
    hides("<svg><foreignObject width='100' height='0'><p>X</p></foreignObject></svg>");
    expect(html("<svg width='600' height='40'><text>sized</text></svg>")).toBe("sized");
    expect(html("<svg width='100%'><text>wide</text></svg>")).toBe("wide");
    expect(html("<svg><foreignObject width='300' height='40'><p>fo</p></foreignObject></svg>")).toBe("fo");
    expect(html("<svg><foreignObject style='width:300px;height:40px'><p>fo</p></foreignObject></svg>")).toBe("fo");
  });
});

describe("3-D transforms, zoom and clip-path rectangles", () => {
  test("rotate3d and the rotate property edge-on", () => {
    hides("<div style='transform:rotate3d(0,1,0,90deg)'>X</div>");
    hides("<div style='transform:rotate3d(1, 1, 0, 90deg)'>X</div>");
    hides("<div style='transform:perspective(500px) rotate3d(2,0,0,0.25turn)'>X</div>");
    hides("<div style='transform:rotate3d(0,1,0,-270deg)'>X</div>");
    hides("<div style='rotate:y 90deg'>X</div>");
    hides("<div style='rotate:90deg x'>X</div>");
    hides("<div style='rotate:1 0 0 90deg'>X</div>");
    expect(html("<div style='transform:rotate3d(0,0,1,90deg)'>in plane</div>")).toBe("in plane");
    expect(html("<div style='transform:rotate3d(0,1,0,180deg)'>mirrored</div>")).toBe("mirrored");
    expect(html("<div style='transform:rotate3d(0,1,0,45deg)'>tilted</div>")).toBe("tilted");
    expect(html("<div style='rotate:90deg'>turned</div> <div style='rotate:z 90deg'>too</div>")).toBe("turned\ntoo");
  });
  test("matrix3d that flattens the plane", () => {
    hides("<div style='transform:matrix3d(0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1)'>X</div>");
    hides("<div style='transform:matrix3d(1,0,0,0,2,0,0,0,0,0,1,0,0,0,0,1)'>X</div>");
    hides("<div style='transform:matrix3d(1,0,0,0,0,0,0,0,0,0,1,0,50,50,0,1)'>X</div>");
    expect(html("<div style='transform:matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1)'>identity</div>")).toBe("identity");
    expect(html("<div style='transform:matrix3d(2,0,0,0,0,0.5,0,0,0,0,1,0,10,10,0,1)'>scaled</div>")).toBe("scaled");
  });
  test("zoom under 0.2", () => {
    hides("<div style='zoom:0.01'>X</div>");
    hides("<div style='zoom:5%'>X</div>");
    hides("<div style='zoom:1e-1'>X</div>");
    expect(html("<div style='zoom:0.5'>half</div>")).toBe("half");
    expect(html("<div style='zoom:0'>zero is one</div>")).toBe("zero is one");
    expect(html("<div style='zoom:normal'>normal</div>")).toBe("normal");
  });
  test("clip-path xywh(), rect() and inset() of no area", () => {
    hides("<div style='clip-path:xywh(0 0 0 0)'>X</div>");
    hides("<div style='clip-path:xywh(0 0 100% 0)'>X</div>");
    hides("<div style='clip-path:xywh(10px 10px 0px 50px round 5px)'>X</div>");
    hides("<div style='clip-path:rect(0 0 0 0)'>X</div>");
    hides("<div style='clip-path:rect(50% auto 50% auto)'>X</div>");
    hides("<div style='clip-path:rect(10px 5px 20px 5px)'>X</div>");
    hides("<div style='clip-path:inset(0 50% 0 50%)'>X</div>");
    hides("<div style='clip-path:inset(60% 0 40%)'>X</div>");
    expect(html("<div style='clip-path:xywh(0 0 100% 100%)'>a</div>")).toBe("a");
    expect(html("<div style='clip-path:rect(0 100% 100% 0)'>b</div>")).toBe("b");
    expect(html("<div style='clip-path:rect(auto auto auto auto)'>c</div>")).toBe("c");
    expect(html("<div style='clip-path:rect(10px 90% 50% 0 round 4px)'>d</div>")).toBe("d");
    expect(html("<div style='clip-path:inset(10% 20%)'>e</div>")).toBe("e");
  });
});

describe("MathML that is not drawn", () => {
  test("mphantom, annotation and annotation-xml", () => {
    hides("<math><mphantom><mtext>X</mtext></mphantom></math>");
    expect(html("<math><semantics><mi>x</mi><annotation-xml encoding='text/html'><p>X</p></annotation-xml></semantics></math>")).toBe("x");
    expect(html("<math><semantics><mi>y</mi><annotation encoding='TeX'>X</annotation></semantics></math>")).toBe("y");
    hides("<math><MPHANTOM><mi>X</mi></MPHANTOM></math>");
    expect(html("<math><mi>x</mi><mo>+</mo><mn>1</mn></math>")).toBe("x+1");
    expect(html("<math><mphantom><mi>X</mi></mphantom><mi>y</mi></math>")).toBe("y");
  });
  test("text outside token elements, and mathcolor or mathsize that hide", () => {
    hides("<math>X</math>");
    hides("<math><mrow>X</mrow></math>");
    hides("<math><msup>X<mspace/></msup></math>");
    hides("<math><mi mathcolor='transparent'>X</mi></math>");
    hides("<math><mstyle mathcolor='#0000'><mi>X</mi></mstyle></math>");
    hides("<math><mi mathsize='0'>X</mi></math>");
    hides("<math><mi style='display:none'>X</mi></math>");
    hides("<math><svg><text>X</text></svg></math>");
    expect(html("<math><ms>lit</ms><mo>+</mo><mn>7</mn></math>")).toBe("lit+7");
    expect(html("<math><mtext><b>bold</b></mtext></math>")).toBe("bold");
    expect(html("<math><mi mathcolor='red' mathsize='2em'>big</mi></math>")).toBe("big");
    expect(html("<mi>not math</mi>")).toBe("not math");
    expect(html("<math><mi>x</math>after")).toBe("xafter");
  });
  test("semantics, maction and SVG switch draw only their first child element", () => {
    expect(html("<math><semantics><mi>y</mi><mtext>X</mtext></semantics></math>")).toBe("y");
    expect(html("<math><semantics><mrow><mi>a</mi><mi>b</mi></mrow><mi>X</mi></semantics></math>")).toBe("ab");
    expect(html("<math><maction actiontype='toggle'><mi>first</mi><mi>X</mi></maction></math>")).toBe("first");
    expect(html("<math><semantics><mspace/><mi>X</mi></semantics></math>ok")).toBe("ok");
    expect(html("<svg><switch><text>one</text><text>X</text></switch></svg>")).toBe("one");
    expect(html("<svg><switch><g/><text>X</text></switch></svg>ok")).toBe("ok");
  });
});

describe("HTML start tags end SVG and MathML, as a browser parses them", () => {
  test("a hidden HTML element inside SVG or MathML hides what follows", () => {
    // The element stays open past the foreign content's end tags, which no longer match anything.
    const tails = ["<svg><span hidden/></svg>X", "<svg><span hidden></svg>X", "<math><span hidden/></math>X",
      "<svg><g><text><div style='display:none'></text></g></svg>X", "<math><mrow><font size=1 hidden></mrow></math>X"];
    for (let i = 0; i < tails.length; i++) expect(html("a" + tails[i])).toBe("a");
  });
  test("breaking out ends the foreign content, so what follows is HTML", () => {
    expect(html("<svg><p>shown</p></svg>after")).toBe("shown\n\nafter");
    expect(html("<math><mrow><b>bold</b></mrow></math>")).toBe("bold");
    expect(html("<svg><font color=red>out</font></svg>")).toBe("out");
    hides("<svg><font>X</font></svg>");
    expect(html("<svg><foreignObject width=9 height=9><span>in</span></foreignObject></svg>")).toBe("in");
    expect(html("<math><mtext><span>token</span></mtext></math>")).toBe("token");
  });
});

describe("hiding formatting elements a browser re-creates", () => {
  test("ended by another element's tag, they hide what follows until their own end tag", () => {
    expect(html("a<p><b hidden>x</p>X")).toBe("a");
    expect(html("a<p><b hidden>x</p><b>X</b>X")).toBe("a");
    expect(html("<div><i style='display:none'>x</div>X</i>shown")).toBe("shown");
    expect(html("<p><b hidden>x<p>X</b>shown")).toBe("shown");
    expect(html("<p><a hidden href=#>x</p>X</a>shown")).toBe("shown");
    expect(html("a<p><font style='visibility:hidden'>x</p>X")).toBe("a");
  });
  test("those inside an ended table cell, and other elements, are not re-created", () => {
    expect(html("<table><tr><td><b hidden>x</td><td>cell</td></tr></table>after")).toBe("cell\n\nafter");
    expect(html("<p><span hidden>x</p>shown")).toBe("shown");
    expect(html("<p><b>bold</p>shown")).toBe("bold\n\nshown");
  });
});

describe("SVG textPath", () => {
  test("text on a path that does not exist (yet) is not drawn", () => {
    hides("<svg><text><textPath href='#nope'>X</textPath></text></svg>");
    hides("<svg><text><textPath>X</textPath></text></svg>");
    hides("<svg><text><textPath href='other.svg#p'>X</textPath></text></svg>");
    hides("<svg><g id='p'></g><text><textPath href='#p'>X</textPath></text></svg>");
    hides("<svg><circle id='r' r='40'/><text><textPath href='#r'>X</textPath></text></svg>");
    hides("<svg><text><textPath href='#later'>X</textPath></text><path id='later' d='M0 0 L100 0'/></svg>");
  });
  test("text on a path defined before, or on its own path, stays", () => {
    expect(html("<svg><defs><path id='c' d='M10 80 Q 95 10 180 80'/></defs><text><textPath href='#c'>curved</textPath></text></svg>")).toBe("curved");
    expect(html("<svg><path id='p' d='M0 20 L200 20'></path><text><textPath xlink:href=' #p '>old href</textPath></text></svg>")).toBe("old href");
    expect(html("<svg><text><textPath path='M0 20 L200 20'>inline</textPath></text></svg>")).toBe("inline");
  });
});

describe("SVG text placed off the page", () => {
  test("x, y, dx or dy 500px or further to the left or top, without a viewBox", () => {
    hides("<svg><text x='-9999' y='20'>X</text></svg>");
    hides("<svg><text x='5' y='20' dx='-9999'>X</text></svg>");
    hides("<svg><text y='-600'>X</text></svg>");
    hides("<svg><text x='5 -9999 -9999'>X</text></svg>");
    hides("<svg><text><tspan dx='-1000'>X</tspan></text></svg>");
    expect(html("<svg><text x='-40' y='20'>near</text></svg>")).toBe("near");
    expect(html("<svg viewBox='-10000 0 300 30'><text x='-9995' y='20'>viewbox</text></svg>")).toBe("viewbox");
    expect(html("<svg x='-9999'><text>outer</text></svg>")).toBe("outer");
  });
});
