/** The one-click unsubscribe address: mail clients POST to it form-encoded (RFC 8058), so the multipart JSON reader leaves it alone. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/rest/messages/unsubscribe';
