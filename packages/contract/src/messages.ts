/** Every user-facing text the product specification names, kept in one place (spec §5, §8). */
export const messages = {
  'post.error.data': 'Please add at least a body or a graphic',
  'post.error.network': 'Please select at least one social network',
  'twitter.invalidRequest': 'Invalid request',
  'twitter.error': 'An error occurred',
  'linkedin.stateMismatch': 'State does not match',
  'linkedin.loginFailed': 'Login failed. Please try again.',
  'linkedin.userClosedPopup': 'User closed the popup',
  'boundary.title': 'Something went wrong.',
  'noAccess.title': "You don't have access",
  /** One name per action (issue 16): the composer is 'Create New' in the sidebar, its title and every button. */
  'action.compose': 'Create New',
  /** The no-access and signed-out screens' way back in. */
  'action.loginAgain': 'Login Again',
  /** The admin's content form: the repository's button, its drawer and the admin dashboard. */
  'action.addContent': 'Add Content',
  'action.findContent': 'Find Content to Post',
  'action.scheduleAutoPost': 'Schedule Auto-Post',
  'page.brands': 'Brands',
  'page.library': 'Browse Library',
  'page.adminFavorites': 'Admin Favorites',
  'callError.network': 'network error',
  'callError.unknown': 'error',
  'callError.user': 'Error',
  'mail.notifications': 'Notifications',
  'mail.compose': 'Compose',
  'mail.reply': 'Reply',
  'mail.sendReply': 'Send Reply',
} as const;
