/**
 * Core's campaign read rule (policy.ts `readCampaign`) for any user as SQL, where `whereReadable`
 * (routes/campaigns/readable.ts) is the same rule for the one principal of a request: an
 * administrator reads every campaign; a channel campaign needs channel_view on its primary channel;
 * a global one global_view, or channel_view on one of its channels. Signed-in users only (inbox
 * items are never a key's), so a key's limits play no part. `user` and `campaign` are SQL
 * expressions (a column, a parameter); `readers.test.ts` holds it to `can()`.
 */
export function userReadsCampaignSql(user: string, campaign: string): string {
  return `(EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = ${user} AND r.role = 'admin')
    OR (${campaign}.scope = 'channel' AND EXISTS (SELECT 1 FROM user_permissions up
          WHERE up.user_id = ${user} AND up.permission_type = 'channel_view' AND up.channel = ${campaign}.primary_channel))
    OR (${campaign}.scope = 'global' AND EXISTS (SELECT 1 FROM user_permissions up
          WHERE up.user_id = ${user} AND (up.permission_type = 'global_view' OR (up.permission_type = 'channel_view' AND up.channel = ANY (${campaign}.channels))))))`;
}
