import type { Program } from '../../contracts/catalogue/program.js';

const FALLBACK = '/images/programs/default.svg';

/**
 * The program's artwork with its intrinsic size declared, so the card keeps its shape while
 * the file loads. Decorative: the title next to it says what it shows.
 */
export function ProgramImage({ program, className, eager }: { program: Program; className?: string; eager?: boolean }) {
  return (
    <img
      src={program.image || FALLBACK}
      alt=""
      width={640}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(FALLBACK)) img.src = FALLBACK;
      }}
    />
  );
}
