import { Link } from 'react-router';
import { useAppSelector, useT } from '../../state/hooks';
import classes from './layout.module.css';
import { safeLogoUrl } from '../../state/shell-style';
import { HOME } from '../../lib/tab-labels';

/**
 * Logo block (spec screen 10): the short title when the sidebar is collapsed, the full title
 * otherwise; a personalised navigation-bar logo goes in front when one is set.
 */
export function LogoBlock({ collapsed, width }: { collapsed: boolean; width?: number }) {
  const t = useT();
  const { sideName, navigationBarLogoUrl } = useAppSelector((s) => s.ui.personalisation);
  const name = sideName.trim();
  const title = collapsed ? name || t('app.shortName') : name || t('app.name');
  const logo = safeLogoUrl(navigationBarLogoUrl);
  return (
    <Link
      to={HOME}
      className={classes.logo}
      style={width ? { width } : undefined}
      aria-label={t('layout.logo.home', { title })}
      title={title}
    >
      {logo && <img src={logo} alt="" className={classes.logoImage} referrerPolicy="no-referrer" />}
      {(!logo || !collapsed) && <span className={classes.logoTitle}>{title}</span>}
    </Link>
  );
}
