// The help screen's videos. They are served from the installation itself
// (apps/web/public/help) so help works on a closed network; an operator may
// replace the files or point the URLs at their own video host.
export const HELP_VIDEOS = [
  { title: 'Getting started: signing in and choosing an entity', url: '/help/getting-started.html' },
  { title: 'Uploading 26AS and the sales register', url: '/help/uploading-data.html' },
  { title: 'Running a TDS receivable reconciliation', url: '/help/tds-reconciliation.html' },
  { title: 'Reviewing discrepancies and following up', url: '/help/discrepancies.html' },
  { title: 'Managing users and legal entities', url: '/help/administration.html' },
];
