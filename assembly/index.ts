export function abiVersion(): i32 { return 1; }
