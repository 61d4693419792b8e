// Which view is showing. Plain state (no router): the app is one window with six views.

export type View = 'analyse' | 'library' | 'games' | 'opponents' | 'lab' | 'settings';

export const VIEWS: { id: View; label: string }[] = [
  { id: 'analyse', label: 'Analyse' },
  { id: 'library', label: 'Library' },
  { id: 'games', label: 'Game recorder' },
  { id: 'opponents', label: 'Opponents' },
  { id: 'lab', label: 'Strategy lab' },
  { id: 'settings', label: 'Settings' },
];

class Nav {
  #view = $state<View>('analyse');

  // Read by the views; only the methods below change them.
  get view() {
    return this.#view;
  }

  go(view: View): void {
    this.#view = view;
  }
}

export const nav = new Nav();
