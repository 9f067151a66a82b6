// `import m from "./x.wasm"` in a Worker entry: the host (workerd, wrangler) hands over a compiled module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
