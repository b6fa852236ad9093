import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet } from '../../../shared/api/http-client.ts';
import { WALLET_KEY } from './wallet-keys.ts';

/** GET quickCharge/info: the coin deposit channels with the broker's receiving address. */
export function useDepositCoins() {
  return useQuery({
    queryKey: [...WALLET_KEY, 'depositCoins'],
    queryFn: ({ signal }) => apiGet(API.depositCoins, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** GET quickCharge/symbols: the bank currencies a wire may be sent in. */
export function useDepositSymbols() {
  return useQuery({
    queryKey: [...WALLET_KEY, 'depositSymbols'],
    queryFn: ({ signal }) => apiGet(API.depositSymbols, undefined, { signal }),
    staleTime: 60_000,
  });
}

/** GET quickCharge/wire_info?bank_coin=: the bank details to wire a currency to. */
export function useWireInfo(bankCoin: number | null) {
  return useQuery({
    queryKey: [...WALLET_KEY, 'wireInfo', bankCoin],
    enabled: bankCoin !== null,
    queryFn: ({ signal }) => apiGet(API.wireInfo, { bank_coin: bankCoin }, { signal }),
    staleTime: 60_000,
  });
}
