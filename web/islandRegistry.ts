import type { ComponentType } from 'react';

interface IslandEntry {
  /** The module's path under web/, as the build manifest names it: the server preloads its chunk. */
  src: string;
  load(): Promise<ComponentType<never>>;
}

/**
 * Every island, by name: loaded only on the pages that show it. Each import() stays here so the
 * bundler gives every island its own chunk.
 */
export const ISLANDS = {
  Header: { src: 'layout/Header.tsx', load: () => import('./layout/Header.js').then((m) => m.Header) },
  HeroCarousel: {
    src: 'catalogue/HeroCarousel.tsx',
    load: () => import('./catalogue/HeroCarousel.js').then((m) => m.HeroCarousel),
  },
  ProgramCardShare: {
    src: 'catalogue/ProgramCardShare.tsx',
    load: () => import('./catalogue/ProgramCardShare.js').then((m) => m.ProgramCardShare),
  },
  ShareProgram: {
    src: 'catalogue/ShareProgram.tsx',
    load: () => import('./catalogue/ShareProgram.js').then((m) => m.ShareProgram),
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof ISLANDS;
