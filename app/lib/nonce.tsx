import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** This request's CSP nonce on the server; empty in the browser, where it is not needed. */
export const useNonce = () => useContext(NonceContext);
