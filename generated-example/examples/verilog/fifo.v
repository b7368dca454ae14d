// A synchronous FIFO with a small testbench: a writer fills it, a reader drains it, and the
// testbench checks the order. The read pointer's next value is mistyped in one place, and
// iverilog cannot bind that name.

`timescale 1ns / 1ps

module fifo #(
    parameter WIDTH = 8,
    parameter DEPTH_LOG2 = 4
) (
    input  wire             clk,
    input  wire             rst_n,
    input  wire             wr_en,
    input  wire [WIDTH-1:0] wr_data,
    input  wire             rd_en,
    output reg  [WIDTH-1:0] rd_data,
    output wire             full,
    output wire             empty,
    output reg  [DEPTH_LOG2:0] level
);
    localparam DEPTH = 1 << DEPTH_LOG2;

    reg [WIDTH-1:0] mem [0:DEPTH-1];
    reg [DEPTH_LOG2:0] wr_ptr, rd_ptr;
    wire [DEPTH_LOG2:0] wr_ptr_next = wr_ptr + 1'b1;
    wire [DEPTH_LOG2:0] rd_ptr_next = rd_ptr + 1'b1;

    wire do_write = wr_en && !full;
    wire do_read = rd_en && !empty;

    assign empty = (wr_ptr == rd_ptr);
    assign full = (wr_ptr[DEPTH_LOG2] != rd_ptr[DEPTH_LOG2])
               && (wr_ptr[DEPTH_LOG2-1:0] == rd_ptr[DEPTH_LOG2-1:0]);

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            wr_ptr <= 0;
        end else if (do_write) begin
            mem[wr_ptr[DEPTH_LOG2-1:0]] <= wr_data;
            wr_ptr <= wr_ptr_next;
        end
    end

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n) begin
            rd_ptr <= 0;
            rd_data <= {WIDTH{1'b0}};
        end else if (do_read) begin
            rd_data <= mem[rd_ptr[DEPTH_LOG2-1:0]];
            rd_ptr <= rd_ptr_nxt;
        end
    end

    always @(posedge clk or negedge rst_n) begin
        if (!rst_n)
            level <= 0;
        else
            case ({do_write, do_read})
                2'b10: level <= level + 1'b1;
                2'b01: level <= level - 1'b1;
                default: level <= level;
            endcase
    end
endmodule

module fifo_tb;
    localparam W = 8;
    reg clk = 1'b0;
    reg rst_n = 1'b0;
    reg wr_en = 1'b0, rd_en = 1'b0;
    reg [W-1:0] wr_data = 0;
    wire [W-1:0] rd_data;
    wire full, empty;
    wire [4:0] level;
    integer i, errors = 0;
    reg [W-1:0] expected;

    fifo #(.WIDTH(W), .DEPTH_LOG2(4)) dut (
        .clk(clk), .rst_n(rst_n),
        .wr_en(wr_en), .wr_data(wr_data),
        .rd_en(rd_en), .rd_data(rd_data),
        .full(full), .empty(empty), .level(level)
    );

    always #5 clk = ~clk;

    task push(input [W-1:0] value);
        begin
            @(negedge clk);
            wr_en = 1'b1;
            wr_data = value;
            @(negedge clk);
            wr_en = 1'b0;
        end
    endtask

    task pop_and_check(input [W-1:0] want);
        begin
            @(negedge clk);
            rd_en = 1'b1;
            @(negedge clk);
            rd_en = 1'b0;
            if (rd_data !== want) begin
                $display("mismatch: got %h, want %h", rd_data, want);
                errors = errors + 1;
            end
        end
    endtask

    initial begin
        repeat (2) @(posedge clk);
        rst_n = 1'b1;
        for (i = 0; i < 16; i = i + 1)
            push(8'h30 + i);
        if (!full) begin
            $display("not full after 16 writes (level %0d)", level);
            errors = errors + 1;
        end
        for (i = 0; i < 16; i = i + 1) begin
            expected = 8'h30 + i;
            pop_and_check(expected);
        end
        if (!empty)
            errors = errors + 1;
        $display("%0d errors", errors);
        $finish;
    end
endmodule
