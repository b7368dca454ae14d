// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A crowdfunding campaign with a goal, a deadline and refunds.
/// Contributors pledge ether until the deadline; if the goal is met the owner withdraws the
/// total, otherwise each contributor takes their pledge back. The refund pays `msg.sender`,
/// which is not `address payable` in Solidity 0.8, so `transfer` is not available there.

interface IReceipts {
    function issue(address to, uint256 amount) external returns (uint256 id);
}

library Percent {
    function share(uint256 value, uint256 pct) internal pure returns (uint256) {
        return (value * pct) / 100;
    }
}

abstract contract Owned {
    address payable public owner;

    error NotOwner(address caller);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor() {
        owner = payable(msg.sender);
    }
}

contract Crowdfund is Owned {
    using Percent for uint256;

    enum State { Funding, Succeeded, Failed, Closed }

    struct Pledge {
        uint256 amount;
        uint64 at;
        bool refunded;
    }

    uint256 public immutable goal;
    uint256 public immutable deadline;
    uint256 public constant FEE_PERCENT = 2;
    uint256 public total;
    IReceipts public receipts;
    bool private locked;

    mapping(address => Pledge) public pledges;
    address[] private backers;

    event Pledged(address indexed backer, uint256 amount, uint256 total);
    event Withdrawn(uint256 amount, uint256 fee);
    event Refunded(address indexed backer, uint256 amount);

    error CampaignOver();
    error NotFailed();
    error NothingToRefund();

    modifier nonReentrant() {
        require(!locked, "reentrant call");
        locked = true;
        _;
        locked = false;
    }

    constructor(uint256 goal_, uint256 durationDays, IReceipts receipts_) {
        require(goal_ > 0, "goal is zero");
        goal = goal_;
        deadline = block.timestamp + durationDays * 1 days;
        receipts = receipts_;
    }

    function state() public view returns (State) {
        if (block.timestamp < deadline) return State.Funding;
        if (address(this).balance == 0 && total > 0) return State.Closed;
        return total >= goal ? State.Succeeded : State.Failed;
    }

    function pledge() external payable {
        if (state() != State.Funding) revert CampaignOver();
        require(msg.value > 0, "empty pledge");
        Pledge storage p = pledges[msg.sender];
        if (p.amount == 0) backers.push(msg.sender);
        p.amount += msg.value;
        p.at = uint64(block.timestamp);
        total += msg.value;
        if (address(receipts) != address(0)) {
            receipts.issue(msg.sender, msg.value);
        }
        emit Pledged(msg.sender, msg.value, total);
    }

    function withdraw() external onlyOwner nonReentrant {
        require(state() == State.Succeeded, "goal not reached");
        uint256 amount = address(this).balance;
        uint256 fee = amount.share(FEE_PERCENT);
        (bool ok, ) = owner.call{value: amount - fee}("");
        require(ok, "payout failed");
        emit Withdrawn(amount - fee, fee);
    }

    function refund() external nonReentrant {
        if (state() != State.Failed) revert NotFailed();
        Pledge storage p = pledges[msg.sender];
        if (p.amount == 0 || p.refunded) revert NothingToRefund();
        uint256 amount = p.amount;
        p.refunded = true;
        msg.sender.transfer(amount);
        emit Refunded(msg.sender, amount);
    }

    function backerCount() external view returns (uint256) {
        return backers.length;
    }

    receive() external payable {
        revert("use pledge()");
    }
}
