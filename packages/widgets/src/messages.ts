/** The spec's toast texts (§8) and the widgets' fixed labels. Core has no toast catalogue yet. */
export const TOASTS = {
  loadError: { title: 'Error loading campaigns', description: 'Failed to load campaigns from database.' },
  createError: { title: 'Error creating campaign', description: 'Failed to create campaign in database.' },
  updateError: { title: 'Error updating campaign', description: 'Failed to update campaign in database.' },
  deleteError: { title: 'Error deleting campaign', description: 'Failed to delete campaign from database.' },
  promoteError: { title: 'Error', description: 'Failed to promote campaign. Please try again.' },
  created: { title: 'Campaign Created' },
  updated: { title: 'Campaign Updated' },
  deleted: { title: 'Campaign Deleted' },
  statusUpdated: (title: string, status: string) => ({ title: 'Status Updated', description: `"${title}" is now ${status}` }),
  promoted: { title: 'Campaign Promoted', description: 'Campaign has been promoted to the main calendar.' },
} as const;
