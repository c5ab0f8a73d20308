/** A `.bin` file the worker imports: a Data module (wrangler's default rule; vitest's plugin follows it), its bytes. */
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
