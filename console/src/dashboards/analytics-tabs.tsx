import { NavLink } from 'react-router-dom';

/** Dashboards, sessions and users share the header's one "Analytics" entry; these tabs move between them. */
export function AnalyticsTabs() {
  return (
    <nav className="analytics-tabs" aria-label="Analytics">
      <NavLink to="/dashboards">Dashboards</NavLink>
      <NavLink to="/sessions">Sessions</NavLink>
      <NavLink to="/users">Users</NavLink>
    </nav>
  );
}
