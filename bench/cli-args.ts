/** Command-line options of the benchmarks: `--name value`. */

/** A number option, or `dflt` when absent. */
export const numArg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};

/** A text option, or undefined when absent. */
export const strArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
