// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A public constant read through its own external getter, `this.C()`.
contract Pool {
    uint256 public constant MIN_LIQUIDITY = 1000;

    /**
     * @dev Smallest balance a holder may keep, read through the external getter.
     */
    function minLiquidity() external view returns (uint256) {
        return this.MIN_LIQUIDITY();
    }
}
