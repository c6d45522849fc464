/**
 * Every island, by name: the module under web/ that exports it under that same name. The build
 * makes each its own entry chunk (exports kept); the server finds that chunk and its imports in
 * the build manifest and names them in the page's data; the browser loads what the page names.
 * A page can show only the islands listed here (the renderer refuses any other name).
 */
export const ISLAND_MODULES = {
  Header: 'layout/Header.tsx',
  HeroCarousel: 'catalogue/HeroCarousel.tsx',
  ProgramCardShare: 'catalogue/ProgramCardShare.tsx',
  ShareProgram: 'catalogue/ShareProgram.tsx',
  ScheduleDatePicker: 'catalogue/ScheduleDatePicker.tsx',
  ScheduleList: 'catalogue/ScheduleList.tsx',
  EventFilters: 'catalogue/EventFilters.tsx',
  EventList: 'catalogue/EventList.tsx',
  ReloadButton: 'catalogue/ReloadButton.tsx',
} as const;

export type IslandName = keyof typeof ISLAND_MODULES;

export const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLAND_MODULES, name);
