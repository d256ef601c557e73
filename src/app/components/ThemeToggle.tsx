import { useIntl } from 'react-intl';
import { setTheme, themeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { Moon, Sun } from '../../../renderers/ui/icons';

export function ThemeToggle() {
  const theme = useStore(themeStore);
  const intl = useIntl();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = intl.formatMessage({ id: next === 'dark' ? 'theme.dark' : 'theme.light' });
  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      aria-label={intl.formatMessage({ id: 'theme.toggle' })}
      aria-pressed={theme === 'dark'}
      title={label}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <Sun /> : <Moon />}
    </button>
  );
}
