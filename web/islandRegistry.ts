import type { ComponentType } from 'react';

interface IslandEntry {
  load(): Promise<ComponentType<never>>;
}

/**
 * Every island, by name: loaded only on the pages that show it. Each import() stays here so the
 * bundler gives every island its own chunk.
 */
export const ISLANDS = {
  Header: { load: () => import('./layout/Header.js').then((m) => m.Header) },
  HeroCarousel: {
    load: () => import('./catalogue/HeroCarousel.js').then((m) => m.HeroCarousel),
  },
  ProgramCardShare: {
    load: () => import('./catalogue/ProgramCardShare.js').then((m) => m.ProgramCardShare),
  },
  ShareProgram: {
    load: () => import('./catalogue/ShareProgram.js').then((m) => m.ShareProgram),
  },
  ScheduleDatePicker: {
    load: () => import('./catalogue/ScheduleDatePicker.js').then((m) => m.ScheduleDatePicker),
  },
  ScheduleList: {
    load: () => import('./catalogue/ScheduleList.js').then((m) => m.ScheduleList),
  },
  EventFilters: {
    load: () => import('./catalogue/EventFilters.js').then((m) => m.EventFilters),
  },
  EventList: { load: () => import('./catalogue/EventList.js').then((m) => m.EventList) },
  ReloadButton: {
    load: () => import('./catalogue/ReloadButton.js').then((m) => m.ReloadButton),
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof ISLANDS;
