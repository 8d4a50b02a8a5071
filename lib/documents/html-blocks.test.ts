import { joinBlocks } from "./blocks";
import { htmlToBlocks } from "./html-blocks";

const markdown = (html: string) => joinBlocks(htmlToBlocks(html));

describe("htmlToBlocks", () => {
  it("turns every heading level into its # marks", () => {
    const html = [1, 2, 3, 4, 5, 6].map((n) => `<h${n}>Level ${n}</h${n}>`).join("");
    expect(htmlToBlocks(html).map((block) => [block.level, block.text])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, `${"#".repeat(n)} Level ${n}`]));
  });

  it("drops formatting, links' addresses and images; keeps line breaks inside a paragraph", () => {
    expect(markdown('<p><strong>Bold</strong> and <em>italic</em> and <a href="https://x.test/?a=1&amp;b=2">a link</a><img src="data:x" alt="pic" /></p><p>one<br />two</p>')).toBe(
      "Bold and italic and a link\n\none\ntwo",
    );
  });

  it("decodes entities, named and numeric", () => {
    expect(markdown("<p>&lt;a&gt; &amp; &quot;b&quot; &#39;c&#39; &#x4e2d;&#25991; &nbsp;x</p>")).toBe("<a> & \"b\" 'c' 中文 x");
  });

  it("renders footnotes as a numbered list without their back links", () => {
    const html =
      '<p>Claim<sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup></p>' +
      '<ol><li id="footnote-1"><p>Source <a href="#footnote-ref-1">↑</a></p></li></ol>';
    expect(markdown(html)).toBe("Claim[1]\n\n1. Source");
  });

  it("indents an item's extra paragraphs and nested lists under its text", () => {
    const html = "<ol><li><p>First</p><p>More about it</p><ul><li>Sub</li></ul></li><li>Second</li></ol>";
    expect(markdown(html)).toBe("1. First\n   More about it\n   - Sub\n2. Second");
  });

  it("pads table rows, honours colspan and puts multi-paragraph cells on one line", () => {
    const html = '<table><tr><th colspan="2">Head</th><th>X</th></tr><tr><td><p>a</p><p>b</p></td></tr></table>';
    expect(markdown(html)).toBe("| Head |  | X |\n| --- | --- | --- |\n| a b |  |  |");
  });

  it("skips empty blocks and tolerates unclosed or stray tags", () => {
    expect(markdown("<p></p><p>  </p><table></table><ul><li></li></ul><p>kept</p></span>")).toBe("kept");
    // mammoth never nests a <p>; if it did, no text is lost.
    expect(markdown("<p>open <strong>bold<p>next</p>")).toBe("open bold\nnext");
  });
});
