// mjml 5 ships no types (and @types/mjml describes mjml 4's synchronous API): only what is used.
declare module 'mjml' {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  type MjmlResult = { html: string; errors: MjmlError[] };
  type MjmlOptions = {
    validationLevel?: 'strict' | 'soft' | 'skip';
    keepComments?: boolean;
    minify?: boolean;
  };
  export default function mjml2html(source: string, options?: MjmlOptions): Promise<MjmlResult>;
}
