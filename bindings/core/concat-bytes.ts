/** The pieces joined into one array (the piece itself when there is one). Runs in every runtime. */
export function concatBytes(pieces: Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}
