/** Where the end-to-end site's buy and shop links lead (BOOK_URL, SHOP_URL; unset: hidden). */
export const E2E_BOOK_URL = "https://libreria.example/valentina-y-taquito";
export const E2E_SHOP_URL = "https://tienda.example/";
