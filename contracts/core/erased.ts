/** What a read model shows in place of a personal text whose key was destroyed (contracts/privacy). */
export const ERASED = 'Erased';
