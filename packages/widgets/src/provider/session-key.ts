/**
 * The signed-in user's query key: a leaf module, so the provider can seed it without bringing
 * useSession's rules (permissions, principals) into every page's first script.
 */
export const SESSION_KEY = ['session'] as const;
