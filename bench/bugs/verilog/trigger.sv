// A class type given another name by a typedef local to a module, and a variable of it.
class Packet; int len; endclass
module top;
   typedef Packet packet_t;
   packet_t p;
endmodule
