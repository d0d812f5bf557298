/** The spec's toast texts (docs/product.md#messages) and the widgets' fixed labels. Core has no toast catalogue yet. */
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
  /** A new go-live moved the campaign's open tasks (docs/adr/0053). */
  replanned: (moved: number, flagged: number) => ({
    title: 'Campaign Updated',
    description:
      `${moved === 1 ? '1 open task moves' : `${moved} open tasks move`} with go-live` +
      (flagged ? `; ${flagged === 1 ? '1 lands' : `${flagged} land`} in the past or after go-live, check ${flagged === 1 ? 'it' : 'them'}` : ''),
  }),
  replanUndone: (title: string) => ({ title: 'Change Undone', description: `"${title}" and its tasks are back where they were` }),
} as const;

const fail = (title: string, description?: string) => ({ title, ...(description ? { description } : {}), variant: 'destructive' as const });
const ok = (title: string, description?: string) => ({ title, ...(description ? { description } : {}) });

/** docs/product.md#messages-ideas. */
export const IDEA_TOASTS = {
  deleteError: fail('Error', 'Failed to delete idea. Please try again.'),
  saveError: fail('Error', 'Failed to save idea. Please try again.'),
  convertError: fail('Error', 'Failed to create campaign. Please try again.'),
  deleted: ok('Idea Deleted'),
  updated: ok('Idea Updated', 'Your idea has been successfully updated.'),
  created: ok('Idea Created', 'Your new idea has been successfully created.'),
  converted: (title: string) => ok('Campaign Created', `"${title}" has been converted to a campaign.`),
  commentError: fail('Error', 'Failed to save comment. Please try again.'),
  commentDeleteError: fail('Error', 'Failed to delete comment. Please try again.'),
} as const;

/** docs/product.md#messages-ad-manager. */
export const AD_TOASTS = {
  adsLoadError: fail('Failed to load ads'),
  publicationsLoadError: fail('Failed to load publications'),
  adTypesLoadError: fail('Failed to load ad types'),
  adCreated: ok('Ad campaign created successfully'),
  adCreateError: fail('Failed to create ad campaign'),
  adUpdated: ok('Ad updated successfully'),
  adUpdateError: fail('Failed to update ad'),
  adDeleted: ok('Ad deleted successfully'),
  adDeleteError: fail('Failed to delete ad'),
  copied: (label: string) => ok('Copied to clipboard', `${label} copied successfully`),
  copyError: fail('Failed to copy', 'Please try again'),
  publicationAdded: ok('Publication added successfully'),
  publicationAddError: fail('Failed to add publication'),
  publicationUpdated: ok('Publication updated successfully'),
  publicationUpdateError: fail('Failed to update publication'),
  publicationDeleted: ok('Publication deleted successfully'),
  publicationDeleteError: fail('Failed to delete publication'),
  adTypeAdded: ok('Ad type added successfully'),
  adTypeUpdated: ok('Ad type updated successfully'),
  adTypeDeleted: ok('Ad type deleted successfully'),
  adTypeSaveError: (message?: string) => fail('Failed to save ad type', message),
  adTypeDeleteError: fail('Failed to delete ad type'),
  uploadError: fail('Failed to upload image'),
  prospectiveAdded: ok('Prospective publication added successfully'),
  prospectiveAddError: fail('Failed to add prospective publication'),
  prospectiveLoadError: fail('Failed to load prospective publications'),
  templateDownloaded: ok('Template downloaded'),
  imported: (n: number) => ok(`Successfully imported ${n} publication(s)`),
  importError: (message?: string) => fail(`Failed to upload: ${message || 'Unknown error'}`),
  emailCopied: ok('Email copied to clipboard'),
  emailCopyError: fail('Failed to copy email'),
  articlesLoadError: fail('Failed to load articles'),
  articleAdded: ok('Article added successfully'),
  articleAddError: fail('Failed to add article'),
  articleUpdated: ok('Article updated successfully'),
  articleUpdateError: fail('Failed to update article'),
  articleDeleted: ok('Article deleted successfully'),
  articleDeleteError: fail('Failed to delete article'),
  eventAdded: ok('Event added successfully'),
  eventAddError: fail('Failed to add event'),
  permissionUpdated: ok('Permission updated successfully'),
  permissionUpdateError: fail('Failed to update permission'),
} as const;

/** Campaign tasks and My work (docs/adr/0049). */
export const TASK_TOASTS = {
  loadError: fail('Failed to load tasks'),
  createError: fail('Failed to add task'),
  updateError: fail('Failed to update task'),
  moveError: fail('Failed to move task'),
  deleteError: fail('Failed to delete task'),
  restoreError: fail('Failed to restore task'),
  created: ok('Task added'),
  updated: ok('Task updated'),
  done: (title: string) => ok('Task done', `"${title}" is done.`),
  reopened: (title: string) => ok('Task reopened', `"${title}" is open again.`),
} as const;

/** A campaign's comments (docs/adr/0059). */
export const COMMENT_TOASTS = {
  loadError: fail('Failed to load comments'),
  createError: fail('Failed to post comment'),
  updateError: fail('Failed to update comment'),
  deleteError: fail('Failed to delete comment'),
  restoreError: fail('Failed to restore comment'),
  watchError: fail('Failed to change watching'),
  updated: ok('Comment updated'),
  restored: ok('Comment restored'),
} as const;
