// Light, dark or the system's choice; remembered across runs. The stylesheet does the rest
// (every colour is a light-dark() pair keyed off color-scheme).

export type ThemeChoice = 'system' | 'light' | 'dark';
const STORAGE_KEY = 'broadside-theme';

class Theme {
  #choice = $state<ThemeChoice>('system');

  // Read by the views; only the methods below change them.
  get choice() {
    return this.#choice;
  }

  load(): void {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'light' || saved === 'dark' || saved === 'system') this.#choice = saved;
    this.apply();
  }

  set(choice: ThemeChoice): void {
    this.#choice = choice;
    localStorage.setItem(STORAGE_KEY, choice);
    this.apply();
  }

  apply(): void {
    if (this.choice === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = this.choice;
  }
}

export const theme = new Theme();
