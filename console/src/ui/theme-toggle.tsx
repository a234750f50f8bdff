import { useTheme, type ThemeChoice } from './theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The header's theme choice: a labelled select, so it is one tab stop and reads its state aloud. */
export function ThemeToggle() {
  const [choice, setChoice] = useTheme();
  return (
    <label className="theme-toggle">
      <span>Theme</span>
      <select value={choice} onChange={(e) => setChoice(e.target.value as ThemeChoice)}>
        {(Object.keys(LABELS) as ThemeChoice[]).map((c) => (
          <option key={c} value={c}>
            {LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
