import { ByteBuffer, bytesEqualIgnoreCase, utf8, bytesPtr } from "../util/bytes";

describe("ByteBuffer", () => {
  test("grows and keeps its contents", () => {
    const b = new ByteBuffer(2);
    b.appendString("héllo");
    b.appendCodePoint(0x1f600);
    expect(b.toString()).toBe("héllo😀");
    b.reset();
    expect(b.length).toBe(0);
  });
  test("ASCII case-insensitive compare", () => {
    const a = utf8("SuDo"), c = utf8("sudo");
    expect(bytesEqualIgnoreCase(bytesPtr(a), a.length, bytesPtr(c), c.length)).toBe(true);
  });
});
